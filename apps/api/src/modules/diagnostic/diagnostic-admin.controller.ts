import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AdminDiagnosticQuestionnaire, AdminDiagnosticQuestionnaireResponse, DiagnosticAdminApiRoutes } from '@outils/contracts';
import { Authenticated } from '../../common/auth/auth.decorators';
import { DiagnosticAdminService } from './diagnostic-admin.service';
import { DiagnosticQuestionInputDto, DiagnosticQuestionOrderDto } from './dto/diagnostic-admin.dto';

/** The questionnaire editor of `/admin/diagnostic` (docs/product/rules.md#R571), admins only. */
@ApiTags('admin')
@Controller()
@Authenticated({ admin: true })
export class DiagnosticAdminController {
  constructor(private readonly admin: DiagnosticAdminService) {}

  @Get(DiagnosticAdminApiRoutes.questionnaire)
  questionnaire(): Promise<AdminDiagnosticQuestionnaire> {
    return this.admin.questionnaire();
  }

  @Post(DiagnosticAdminApiRoutes.questionCreate)
  @HttpCode(200)
  create(@Body() body: DiagnosticQuestionInputDto): Promise<AdminDiagnosticQuestionnaireResponse> {
    return this.admin.create(body);
  }

  @Post(DiagnosticAdminApiRoutes.order)
  @HttpCode(200)
  reorder(@Body() body: DiagnosticQuestionOrderDto): Promise<AdminDiagnosticQuestionnaireResponse> {
    return this.admin.reorder(body.questionIds);
  }

  @Post(DiagnosticAdminApiRoutes.questionUpdate(':id'))
  @HttpCode(200)
  update(@Param('id') id: string, @Body() body: DiagnosticQuestionInputDto): Promise<AdminDiagnosticQuestionnaireResponse> {
    return this.admin.update(id, body);
  }

  @Post(DiagnosticAdminApiRoutes.questionDelete(':id'))
  @HttpCode(200)
  delete(@Param('id') id: string): Promise<AdminDiagnosticQuestionnaireResponse> {
    return this.admin.delete(id);
  }
}
